package rehearse

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/footprint"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// TestValidateHoldsTheRulesBetweenOptions: each combination rehearse
// cannot run is a usage error naming the flags; the ones it can run pass.
func TestValidateHoldsTheRulesBetweenOptions(t *testing.T) {
	bench := server.BenchOptions{Tables: 100, Budget: time.Minute, Precision: 0.05, LockWaitTimeout: time.Second,
		Footprint: footprint.Options{MaxThreadsRunning: 1, LoadWait: time.Second}}
	q := func(source string) *QueryOptions {
		return &QueryOptions{Source: source, MaxClasses: 10,
			Compare: queries.Options{Threshold: 1.05, Budget: time.Minute, StatementTimeout: time.Second}}
	}
	tests := []struct {
		name string
		o    Options
		want string
	}{
		{"a live server", Options{Live: true}, ""},
		{"offline with a schema and its rows", Options{ServerVersion: "mariadb-10.11.19", SchemaFile: "a.sql", WithData: true, Queries: q("slow.log")}, ""},
		{"live queries with a sample", Options{Live: true, Queries: q("live"), SampleRows: 10, SampleRowsGiven: true}, ""},
		{"a datadir's queries", Options{InPlace: true, Datadir: "/copy", Queries: q("live")}, ""},
		{"live queries offline", Options{ServerVersion: "8.0.40", Queries: q("live")}, "--queries live reads today's server"},
		{"a sample of a datadir", Options{Datadir: "/copy", Queries: q("slow.log"), SampleRowsGiven: true, SampleRows: 5}, "leave out --sample-rows"},
		{"a sample offline", Options{ServerVersion: "8.0.40", Queries: q("slow.log"), SampleRowsGiven: true, SampleRows: 5}, "--sample-rows reads today's live server"},
		{"a sample without queries", Options{Live: true, SampleRowsGiven: true, SampleRows: 5}, "add --queries"},
		{"rows twice", Options{Live: true, SchemaFile: "a.sql", WithData: true, Queries: q("slow.log"), SampleRowsGiven: true, SampleRows: 5}, "keep one"},
		{"rows without a file", Options{Live: true, WithData: true}, "--with-data loads the rows of --schema-file"},
		{"offline and a server", Options{Live: true, ServerVersion: "8.0.40"}, "leave out the connection flags"},
		{"a query value", Options{Live: true, Queries: &QueryOptions{Source: "slow.log", MaxClasses: 0}}, "--query-classes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.o.Bench = bench
			err := tt.o.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Validate: %v, want nil", err)
			case tt.want != "" && (!errors.Is(err, exitcode.ErrUsage) || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Validate: %v, want a usage error saying %q", err, tt.want)
			}
		})
	}
}
