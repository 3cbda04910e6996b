package server

import (
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { sandboxtest.MainWithStateDir(m) }
