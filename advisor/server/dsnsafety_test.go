package server

import (
	"errors"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

// TestDSNThatChangesTheTextIsRefused: the DSN parameters that change how
// the server reads the tool's text, or make the driver send a statement of
// its own, are refused with a usage error naming them; charset=utf8mb4 is
// taken out, so that no SET NAMES is sent.
func TestDSNThatChangesTheTextIsRefused(t *testing.T) {
	cases := []struct {
		dsn     string
		refused string // the parameter the message names; "" when accepted
		want    string // the DSN the driver parses, when accepted
	}{
		{"root@unix(/s)/", "", "root@unix(/s)/"},
		{"root@unix(/s)/?charset=gbk", "charset", ""},
		{"root@unix(/s)/?charset=utf8mb4,gbk", "charset", ""},
		{"root@unix(/s)/?charset=utf8mb4%20COLLATE%20utf8mb4_bin", "charset", ""},
		{"root@unix(/s)/?collation=gbk_chinese_ci", "collation", ""},
		{"root@unix(/s)/?collation=big5_chinese_ci&parseTime=true", "collation", ""},
		{"root@unix(/s)/?collation=sjis_japanese_ci", "collation", ""},
		{"root@unix(/s)/?maxAllowedPacket=0", "maxAllowedPacket", ""},
		{"root@unix(/s)/?charset=utf8mb4", "", "root@unix(/s)/"},
		{"root@unix(/s)/?charset=UTF8MB4&parseTime=true", "", "root@unix(/s)/?parseTime=true"},
		{"root@unix(/s)/?collation=utf8mb4_bin", "", "root@unix(/s)/?collation=utf8mb4_bin"},
		{"root@unix(/s)/?maxAllowedPacket=4194304", "", "root@unix(/s)/?maxAllowedPacket=4194304"},
		{"u:p/?w@tcp(h:3306)/?charset=gbk", "charset", ""},
	}
	for _, c := range cases {
		got, err := connectionTextDSN(c.dsn)
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("%s: refused: %v", c.dsn, err)
		case c.refused == "" && got != c.want:
			t.Errorf("%s: parsed as %s, want %s", c.dsn, got, c.want)
		case c.refused != "" && (!errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), "--dsn sets "+c.refused+"=")):
			t.Errorf("%s: err = %v; want a usage error naming %s", c.dsn, err, c.refused)
		}
	}
}

// TestDriverConfigNeverAsksForAnotherCharset: whatever the DSN, a config
// that is built has no collation but utf8mb4's.
func TestDriverConfigNeverAsksForAnotherCharset(t *testing.T) {
	for _, dsn := range []string{"root@unix(/s)/?charset=utf8mb4", "root@unix(/s)/?collation=utf8mb4_unicode_ci", "root@unix(/s)/"} {
		cfg, err := ConnOptions{DSN: dsn}.DriverConfig()
		if err != nil {
			t.Fatalf("%s: %v", dsn, err)
		}
		if cfg.Collation != "" && !strings.HasPrefix(cfg.Collation, "utf8mb4_") {
			t.Errorf("%s: collation %q", dsn, cfg.Collation)
		}
		if strings.Contains(cfg.FormatDSN(), "charset=") {
			t.Errorf("%s: the driver would send SET NAMES (%s)", dsn, cfg.FormatDSN())
		}
	}
}
