package advisor

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
		{"none", nil, ExitOK},
		{"usage, wrapped twice", fmt.Errorf("compare: %w", fmt.Errorf("%w: --tables 0", ErrUsage)), ExitError},
		{"connect in a joined error", errors.Join(errors.New("closing"), fmt.Errorf("%w: refused", ErrConnect)), ExitError},
		{"pre-flight", fmt.Errorf("%w: read-only", ErrPreflight), ExitError},
		{"unclassified", errors.New("boom"), ExitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ExitCodeOf(tt.err); got != tt.want {
				t.Errorf("ExitCodeOf = %d, want %d", got, tt.want)
			}
		})
	}
	if !errors.Is(fmt.Errorf("x: %w", ErrUsage), ErrUsage) || errors.Is(ErrUsage, ErrConnect) {
		t.Error("the sentinels are not told apart by errors.Is")
	}
}
