package outcome

import "testing"

func TestWorst(t *testing.T) {
	for _, c := range []struct {
		name     string
		problems []Problem
		want     string
	}{
		{"none", nil, StatusLoaded},
		{"today's refusal is not the upgrade's", []Problem{{Kind: StatusRefused, Today: true}, {Kind: StatusWarned}, {Kind: StatusReserved}}, StatusReserved},
		{"refused beats runtime", []Problem{{Kind: StatusRuntime}, {Kind: StatusRefused}}, StatusRefused},
		{"blocked beats loaded", []Problem{{Kind: StatusBlocked}}, StatusBlocked},
		{"only today's", []Problem{{Kind: StatusRuntime, Today: true}}, StatusLoaded},
		{"the sandbox account's limit is not the target's", []Problem{{Kind: StatusRefused, Account: true}, {Kind: StatusWarned}}, StatusWarned},
	} {
		if got := Worst(c.problems); got != c.want {
			t.Errorf("%s: status %s, want %s", c.name, got, c.want)
		}
	}
}
