package schemacheck

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

// TestMain stops the shared sandboxes the tests start (SharedDSN) when
// they end.
func TestMain(m *testing.M) { sandboxtest.Main(m) }
