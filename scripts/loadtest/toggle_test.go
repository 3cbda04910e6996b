package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestInPhases: an interval counts for a phase only when it lies wholly
// inside the window and inside the phase after its settling time.
func TestInPhases(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var ivs []interval
	for i := 1; i <= 20; i++ { // interval i covers [t0+i-1, t0+i]
		ivs = append(ivs, interval{end: t0.Add(time.Duration(i) * time.Second), seconds: 1, events: int64(i)})
	}
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	phases := []phase{{at(0), at(6), false}, {at(6), at(12), true}, {at(12), at(18), false}}
	events := func(ivs []interval) string {
		var out []int64
		for _, iv := range ivs {
			out = append(out, iv.events)
		}
		return fmt.Sprint(out)
	}
	tests := []struct {
		name     string
		held     bool
		from, to time.Time
		want     string
	}{
		{"running, whole window", false, at(0), at(20), "[3 4 5 6 15 16 17 18]"},
		{"held, whole window", true, at(0), at(20), "[9 10 11 12]"},
		{"running, window from 4 s to 16.5 s", false, at(4), t0.Add(16500 * time.Millisecond), "[5 6 15 16]"},
		{"held, window ending inside the phase", true, at(0), at(10), "[9 10]"},
	}
	for _, tt := range tests {
		if got := events(inPhases(ivs, phases, tt.held, tt.from, tt.to)); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestTogglePauseFile: the file exists exactly in the held phases and is
// gone once the toggling ends.
func TestTogglePauseFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pause")
	ctx, cancel := context.WithCancel(context.Background())
	seen := make(chan []bool, 1)
	go func() {
		var states []bool
		for range 6 {
			time.Sleep(150 * time.Millisecond)
			_, err := os.Stat(file)
			states = append(states, err == nil)
		}
		cancel()
		seen <- states
	}()
	phases, err := togglePauseFile(ctx, file, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	states := <-seen
	if len(phases) < 4 || phases[0].Held || !phases[1].Held || phases[2].Held {
		t.Fatalf("phases %+v: want running, held, running, ...", phases)
	}
	for i := 1; i < len(phases); i++ {
		if !phases[i].From.Equal(phases[i-1].To) {
			t.Fatalf("phase %d does not start where the previous ended: %+v", i, phases)
		}
	}
	held := 0
	for _, s := range states {
		if s {
			held++
		}
	}
	if held == 0 || held == len(states) {
		t.Fatalf("pause file present in %d of %d looks: it should come and go", held, len(states))
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Fatalf("pause file left behind: %v", err)
	}
}
