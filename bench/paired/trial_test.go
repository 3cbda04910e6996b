package paired

import (
	"context"
	"errors"
	"testing"
	"time"
)

// fakeArm returns times of base*factor with a deterministic wobble that
// repeats every 7 calls, so a trial's outcome depends only on the factors.
func fakeArm(name string, base, factor float64) Arm {
	n := 0
	return Arm{Name: name, Time: func(context.Context) (float64, error) {
		n++
		wobble := 1 + 0.04*float64(n%7-3)/3
		return base * factor * wobble, nil
	}}
}

func TestTrialFindsTheRatioAndDecides(t *testing.T) {
	tests := []struct {
		name    string
		factor  float64
		verdict string
		slower  bool
	}{
		{"same", 1.0, VerdictWithin, false},
		{"half again slower", 1.5, VerdictBelow, true},
		{"a third faster", 0.66, VerdictAbove, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			trial := Trial{Arms: []Arm{fakeArm("ref", 100, 1), fakeArm("other", 100, tt.factor)},
				Warmup: 1, MinRounds: 3, MaxRounds: 40, Budget: time.Minute, Precision: 0.05}
			out, err := trial.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			other := out.Arms[1]
			if !other.Versus.Contains(tt.factor) {
				t.Errorf("time ratio %v does not hold the true %.2f", other.Versus, tt.factor)
			}
			if other.Decision == nil || other.Decision.Verdict != tt.verdict {
				t.Errorf("decision %+v, want verdict %q", other.Decision, tt.verdict)
			}
			if out.Rounds < 3 || out.Rounds > 40 || len(other.Times) != out.Rounds || len(out.Arms[0].Times) != out.Rounds {
				t.Errorf("%d rounds, %d and %d times", out.Rounds, len(out.Arms[0].Times), len(other.Times))
			}
			if out.Arms[0].Decision != nil {
				t.Errorf("the reference has a decision: %+v", out.Arms[0].Decision)
			}
		})
	}
}

func TestTrialRotatesTheOrder(t *testing.T) {
	var order []string
	arm := func(name string) Arm {
		return Arm{Name: name, Time: func(context.Context) (float64, error) {
			order = append(order, name)
			return 10, nil
		}}
	}
	trial := Trial{Arms: []Arm{arm("a"), arm("b"), arm("c")}, MinRounds: 3, MaxRounds: 3, Budget: time.Minute, Precision: 0.05}
	if _, err := trial.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := "abcbcacab"
	got := ""
	for _, o := range order {
		got += o
	}
	if got != want {
		t.Errorf("order %s, want %s", got, want)
	}
}

func TestTrialStopsOnMaxRoundsWhenUndecided(t *testing.T) {
	// A 5% difference with a wide wobble is never decided in 4 rounds.
	n := 0
	noisy := Arm{Name: "noisy", Time: func(context.Context) (float64, error) {
		n++
		return 100 * (1 + 0.5*float64(n%3-1)), nil
	}}
	trial := Trial{Arms: []Arm{fakeArm("ref", 100, 1), noisy}, MinRounds: 3, MaxRounds: 4, Budget: time.Minute, Precision: 0.001}
	out, err := trial.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Stop != StopMaxRounds || out.Rounds != 4 {
		t.Errorf("stopped on %q after %d rounds, want %q after 4", out.Stop, out.Rounds, StopMaxRounds)
	}
}

func TestTrialRefusesAndPassesErrorsOn(t *testing.T) {
	if _, err := (Trial{Arms: []Arm{fakeArm("a", 1, 1)}, MinRounds: 3, MaxRounds: 5, Budget: time.Second}).Run(context.Background()); err == nil {
		t.Error("a trial of one arm ran")
	}
	if _, err := (Trial{Arms: []Arm{fakeArm("a", 1, 1), fakeArm("b", 1, 1)}, MinRounds: 1, MaxRounds: 5, Budget: time.Second}).Run(context.Background()); err == nil {
		t.Error("a trial of one minimum round ran")
	}
	boom := errors.New("boom")
	failing := Arm{Name: "failing", Time: func(context.Context) (float64, error) { return 0, boom }}
	_, err := (Trial{Arms: []Arm{fakeArm("a", 1, 1), failing}, MinRounds: 3, MaxRounds: 5, Budget: time.Second}).Run(context.Background())
	if !errors.Is(err, boom) {
		t.Errorf("error %v does not wrap the arm's", err)
	}
}
