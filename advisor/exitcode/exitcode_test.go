package exitcode

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorsCarryTheirExitCode(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"none", nil, OK},
		{"usage, wrapped twice", fmt.Errorf("compare: %w", fmt.Errorf("%w: --tables 0", ErrUsage)), Error},
		{"connect in a joined error", errors.Join(errors.New("closing"), fmt.Errorf("%w: refused", ErrConnect)), Error},
		{"pre-flight", fmt.Errorf("%w: read-only", ErrPreflight), Error},
		{"unclassified", errors.New("boom"), Error},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Of(tt.err); got != tt.want {
				t.Errorf("Of = %d, want %d", got, tt.want)
			}
		})
	}
	if !errors.Is(fmt.Errorf("x: %w", ErrUsage), ErrUsage) || errors.Is(ErrUsage, ErrConnect) {
		t.Error("the sentinels are not told apart by errors.Is")
	}
}
