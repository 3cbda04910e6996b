package serverfetch

import (
	"fmt"
	"io"
	"time"
)

// progress reports downloads on w: on a terminal (live) one line per file
// redrawn with bytes, rate and time left; elsewhere one line per finished
// file. A nil *progress reports nothing.
type progress struct {
	w    io.Writer
	live bool
	now  func() time.Time
}

// bar is one download's report; it counts the bytes written to it.
type bar struct {
	p            *progress
	name         string
	size, n      int64
	begun, drawn time.Time
}

func (p *progress) start(name string, size int64) *bar {
	b := &bar{p: p, name: name, size: size}
	if p != nil {
		b.begun = p.now()
	}
	return b
}

func (b *bar) Write(data []byte) (int, error) {
	b.n += int64(len(data))
	if b.p == nil || !b.p.live {
		return len(data), nil
	}
	if t := b.p.now(); t.Sub(b.drawn) >= 200*time.Millisecond {
		b.drawn = t
		fmt.Fprintf(b.p.w, "\r\033[K%s", b.line(t))
	}
	return len(data), nil
}

func (b *bar) done() {
	if b.p == nil {
		return
	}
	prefix := ""
	if b.p.live {
		prefix = "\r\033[K"
	}
	elapsed := b.p.now().Sub(b.begun)
	fmt.Fprintf(b.p.w, "%s%s  %s in %s\n", prefix, b.name, sizeText(b.n), elapsed.Round(100*time.Millisecond))
}

// line is the live report: name, bytes (of the size), rate, time left.
func (b *bar) line(t time.Time) string {
	elapsed := t.Sub(b.begun).Seconds()
	rate := 0.0
	if elapsed > 0 {
		rate = float64(b.n) / elapsed
	}
	s := fmt.Sprintf("%s  %s", b.name, sizeText(b.n))
	if b.size > 0 {
		s += " of " + sizeText(b.size)
	}
	s += "  " + sizeText(int64(rate)) + "/s"
	if b.size > 0 && rate > 0 {
		left := time.Duration(float64(b.size-b.n) / rate * float64(time.Second))
		s += fmt.Sprintf("  %s left", left.Round(time.Second))
	}
	return s
}

// sizeText is a byte count for people: 12.3 MB.
func sizeText(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}
