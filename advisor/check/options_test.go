package check

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/queries"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/rehearse"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/server"
)

// TestValidateSaysEveryRuleBetweenOptionsOnce: each combination the check
// cannot run is a usage error naming the flags; the ones it can run pass.
func TestValidateSaysEveryRuleBetweenOptionsOnce(t *testing.T) {
	live := &server.ConnOptions{}
	queriesFile := func() *rehearse.QueryOptions {
		return &rehearse.QueryOptions{Source: "slow.log", MaxClasses: 10,
			Compare: queries.Options{Threshold: 1.05, Budget: time.Minute, StatementTimeout: time.Second}}
	}
	liveQueries := queriesFile()
	liveQueries.Source = "live"
	badThreshold := queriesFile()
	badThreshold.Compare.Threshold = 1
	tests := []struct {
		name string
		o    Options
		want string // "" when valid
	}{
		{"saved settings only", Options{VariablesFile: "vars.txt"}, ""},
		{"schema file", Options{SchemaFile: "app.sql", TargetBasedir: "/opt/t"}, ""},
		{"schema from both places", Options{SchemaFile: "app.sql", Live: live}, "not both"},
		{"--schemas without a connection still a live schema", Options{SchemaFile: "app.sql", SchemasGiven: true}, "not both"},
		{"--with-data without a schema", Options{VariablesFile: "v", WithData: true}, "--with-data loads the rows of --schema-file"},
		{"--source-basedir without a schema", Options{VariablesFile: "v", SourceBasedir: "/"}, "--source-basedir goes with --schema-file"},
		{"--source and --source-basedir", Options{SchemaFile: "a", Source: "mariadb-10.5", SourceBasedir: "/"}, "give one"},
		{"queries with both servers", Options{SchemaFile: "a", TargetBasedir: "/t", SourceBasedir: "/", Queries: queriesFile()}, ""},
		{"queries by server names", Options{SchemaFile: "a", Target: "mysql-9.7", Source: "mariadb-10.5", Queries: queriesFile()}, ""},
		{"queries without a schema", Options{VariablesFile: "v", Queries: queriesFile()}, "--queries runs on the schema check's sandboxes"},
		{"queries without the target's binaries", Options{SchemaFile: "a", Target: "8.4", SourceBasedir: "/", Queries: queriesFile()}, "--queries needs --target-basedir"},
		{"queries without today's binaries", Options{SchemaFile: "a", TargetBasedir: "/t", Queries: queriesFile()}, "add --source-basedir"},
		{"queries live without a server", Options{SchemaFile: "a", TargetBasedir: "/t", SourceBasedir: "/", Queries: liveQueries}, "--queries live reads today's server"},
		{"a query value that cannot work", Options{SchemaFile: "a", TargetBasedir: "/t", SourceBasedir: "/", Queries: badThreshold}, "--slower-than must be above 1"},
		{"--sample-rows without --queries", Options{Live: live, SampleRowsGiven: true, SampleRows: 5}, "add --queries"},
		{"--sample-rows offline", Options{SchemaFile: "a", TargetBasedir: "/t", SourceBasedir: "/", Queries: queriesFile(), SampleRowsGiven: true, SampleRows: 5}, "give the connection flags"},
		{"--sample-rows with --with-data", Options{Live: live, TargetBasedir: "/t", SourceBasedir: "/", Queries: queriesFile(), WithData: true, SampleRowsGiven: true, SampleRows: 5}, "keep one"},
		{"--sample-rows 0", Options{Live: live, TargetBasedir: "/t", SourceBasedir: "/", Queries: queriesFile(), SampleRowsGiven: true}, "--sample-rows 0"},
		{"--sample-rows on a live schema", Options{Live: live, TargetBasedir: "/t", SourceBasedir: "/", Queries: liveQueries, SampleRowsGiven: true, SampleRows: 5}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.o.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Validate: %v, want nil", err)
			case tt.want == "":
				return
			case err == nil:
				t.Fatalf("Validate: nil, want an error with %q", tt.want)
			case !errors.Is(err, exitcode.ErrUsage):
				t.Errorf("Validate: %v is not a usage error", err)
			case !strings.Contains(err.Error(), tt.want):
				t.Errorf("Validate: %v, want it to say %q", err, tt.want)
			}
		})
	}
}
