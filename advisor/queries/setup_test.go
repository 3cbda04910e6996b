package queries

import "testing"

// TestSetupFailure: a comparison tested nothing when more than half of
// the classes run failed alike on both servers with a setup error; the
// commonest such error says why.
func TestSetupFailure(t *testing.T) {
	failed := func(code int) ClassResult {
		return ClassResult{Status: StatusFailedBoth, Problems: []Problem{{Status: StatusFailedBoth, Aspect: "error", Code: code, Message: "m"}}}
	}
	same, breaks := ClassResult{Status: StatusSame}, ClassResult{Status: StatusBreaks}
	for _, tc := range []struct {
		name     string
		classes  []ClassResult
		wantCode int // 0: something was tested
	}{
		{"every class without a database", []ClassResult{failed(1046), failed(1046), failed(1046)}, 1046},
		{"most classes, setup errors mixed: the commonest", []ClassResult{failed(1146), failed(1046), failed(1146), same}, 1146},
		{"half is not most", []ClassResult{failed(1046), same}, 0},
		{"failing alike for the statement's own reason is no setup error", []ClassResult{failed(1064), failed(1064), breaks}, 0},
		{"nothing ran", nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := setupFailure(tc.classes)
			switch {
			case tc.wantCode == 0 && got != nil:
				t.Errorf("untested %+v, want tested", got)
			case tc.wantCode != 0 && (got == nil || got.Code != tc.wantCode || got.Fix == "" || got.Ran != len(tc.classes)):
				t.Errorf("untested %+v, want code %d of %d classes with a fix", got, tc.wantCode, len(tc.classes))
			}
		})
	}
}
