package sandbox

import (
	"bytes"
	"io"
	"os"
)

// sparseBlock is the unit of copyZeros and copySparse: a block of zeros
// is not written.
const sparseBlock = 64 << 10

var zeroBlock = make([]byte, sparseBlock)

// copyZeros copies in's bytes from start to end to the same place in out
// block by block, leaving out blocks of zeros (holes in out).
func copyZeros(out, in *os.File, start, end int64) (int64, error) {
	buf := make([]byte, sparseBlock)
	var n int64
	for off := start; off < end; off += sparseBlock {
		m := int(min(sparseBlock, end-off))
		if _, err := in.ReadAt(buf[:m], off); err != nil {
			return n, err
		}
		if bytes.Equal(buf[:m], zeroBlock[:m]) {
			continue
		}
		if _, err := out.WriteAt(buf[:m], off); err != nil {
			return n, err
		}
		n += int64(m)
	}
	return n, nil
}

// copySparse copies in to out block by block, seeking over blocks of
// zeros, and sets out's size to in's.
func copySparse(out, in *os.File) (int64, error) {
	buf := make([]byte, sparseBlock)
	var off int64
	for {
		n, err := io.ReadFull(in, buf)
		if n > 0 {
			if !bytes.Equal(buf[:n], zeroBlock[:n]) {
				if _, werr := out.WriteAt(buf[:n], off); werr != nil {
					return off, werr
				}
			}
			off += int64(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return off, out.Truncate(off)
		}
		if err != nil {
			return off, err
		}
	}
}
