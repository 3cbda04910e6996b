package server

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.MainWithStateDir(m) }
