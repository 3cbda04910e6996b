package sandbox_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestValidateOptionsOnRealServers asks each real binary about a mix of
// options: every refused one is named (both, though the binaries stop at
// the first), the valid ones are not.
func TestValidateOptionsOnRealServers(t *testing.T) {
	sandboxtest.EachServer(t, func(t *testing.T, srv sandboxtest.Server) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		opts := []string{"innodb_file_per_table=0", "no_such_option_a=1", "innodb_buffer_pool_size=128M", "no-such-option-b=2"}
		refused, err := sandbox.ValidateOptions(ctx, srv.Binary, opts)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, r := range refused {
			names = append(names, r.Option)
			if !strings.Contains(r.Message, "unknown") {
				t.Errorf("%s: message %q does not say why", r.Option, r.Message)
			}
		}
		if want := []string{"no_such_option_a=1", "no-such-option-b=2"}; !slices.Equal(names, want) {
			t.Errorf("refused %v, want %v", names, want)
		}
		if refused, err := sandbox.ValidateOptions(ctx, srv.Binary, opts[2:3]); err != nil || len(refused) != 0 {
			t.Errorf("a valid option: refused %v, err %v", refused, err)
		}
	})
}
