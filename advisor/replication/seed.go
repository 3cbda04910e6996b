package replication

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication/outcome"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// seedFileName is the dump of the primary, kept in the replica's sandbox
// directory (and removed with it).
const seedFileName = "seed.sql"

// coordinates are a position in the primary's binary log.
type coordinates struct {
	file string
	pos  int64
	// gtid is MariaDB's GTID position of the dump (mariadb-dump --gtid).
	gtid string
}

func (c coordinates) String() string {
	if c.gtid != "" {
		return fmt.Sprintf("%s:%d, GTID %s", c.file, c.pos, c.gtid)
	}
	return fmt.Sprintf("%s:%d", c.file, c.pos)
}

// coordinatesLine finds the coordinates --master-data=2 / --source-data=2
// write as a comment near the top of a dump.
var coordinatesLine = regexp.MustCompile(`(?:MASTER|SOURCE)_LOG_FILE='([^']+)',\s*(?:MASTER|SOURCE)_LOG_POS=(\d+)`)

// gtidLine finds the GTID position mariadb-dump --gtid writes beside them.
var gtidLine = regexp.MustCompile(`gtid_slave_pos\s*=\s*'([^']*)'`)

// dumpClients and loadClients are the client programs, by preference.
var (
	dumpClients = []string{"mariadb-dump", "mysqldump"}
	loadClients = []string{"mariadb", "mysql"}
)

// seed (SeedDump) dumps the primary's schemas with its binary log coordinates (in one
// transaction), with the primary's own dump client when its binaries have
// one (else the replica's, which the seed says), and loads the dump into
// the replica with the replica's own client (--force: every error is
// kept). SeedSchema loads the application's schema on the replica first
// and dumps the rows alone. It returns the coordinates the dump was taken at.
func seed(ctx context.Context, o Options, p pair, s *outcome.Seed) (coordinates, error) {
	t0 := time.Now()
	dumpBin := p.primaryVer.Binary
	dumper := dumpBin.ClientPath(dumpClients...)
	if dumper == "" {
		dumpBin = p.replicaVer.Binary
		dumper = dumpBin.ClientPath(dumpClients...)
	}
	if dumper == "" {
		return coordinates{}, fmt.Errorf("no mariadb-dump or mysqldump next to either server: install the client package of %s", p.primaryVer.Binary.Flavor)
	}
	s.DumpTool = filepath.Base(dumper) + " of " + dumpBin.Flavor.String()
	if dumpBin != p.primaryVer.Binary {
		s.DumpTool += fmt.Sprintf(" (the binaries of %s here have no dump client)", p.primaryVer.Binary.Flavor)
	}
	args := []string{"--routines", "--triggers", "--events"}
	if s.Method == SeedSchema {
		if err := o.LoadSchema(ctx, p.replica); err != nil {
			return coordinates{}, fmt.Errorf("loading the schema on the replica: %w", err)
		}
		args = []string{"--no-create-info", "--no-create-db", "--skip-triggers"}
	}
	path := filepath.Join(p.replica.Sandbox().Dir(), seedFileName)
	if o.GTID && dumpBin.Flavor.IsMariaDB() {
		args = append(args, "--gtid")
	} else if o.GTID {
		args = append(args, "--set-gtid-purged=ON")
	}
	if err := dump(ctx, p.primary.Sandbox(), dumpBin, dumper, o.Schemas, args, path); err != nil {
		return coordinates{}, err
	}
	c, err := readCoordinates(path)
	if err != nil {
		return coordinates{}, err
	}
	s.Coordinates = c.String()
	loader := p.replicaVer.Binary.ClientPath(loadClients...)
	if loader == "" {
		return coordinates{}, fmt.Errorf("no mariadb or mysql client next to %s: install its client package", p.replicaVer.Binary.Flavor)
	}
	s.LoadTool = filepath.Base(loader) + " of " + p.replicaVer.Binary.Flavor.String()
	if s.Errors, err = load(ctx, p.replica.Sandbox(), p.replicaVer.Binary, loader, path); err != nil {
		return coordinates{}, err
	}
	s.Duration = time.Since(t0)
	return c, nil
}

// dump runs the dump client on the primary sandbox into path.
func dump(ctx context.Context, sb *sandbox.Sandbox, bin *sandbox.Binary, dumper string, schemas, what []string, path string) error {
	args := append([]string{"--single-transaction", bin.Flavor.DumpCoordinatesOption(), "--hex-blob"}, what...)
	args = append(args, "--databases")
	cmd, err := sb.RootClient(ctx, bin, dumper, append(args, schemas...)...)
	if err != nil {
		return err
	}
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("the seed's dump file: %w", err)
	}
	defer out.Close()
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = out, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s of the primary: %w: %s", filepath.Base(dumper), err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// readCoordinates reads the binary log coordinates (and GTID position)
// from the comments of a dump.
func readCoordinates(path string) (coordinates, error) {
	f, err := os.Open(path)
	if err != nil {
		return coordinates{}, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var c coordinates
	for sc.Scan() { // mariadb-dump --gtid writes the GTID position at the end
		if !strings.HasPrefix(sc.Text(), "-- ") {
			continue
		}
		if m := coordinatesLine.FindStringSubmatch(sc.Text()); m != nil {
			c.file = m[1]
			c.pos, _ = strconv.ParseInt(m[2], 10, 64)
		}
		if m := gtidLine.FindStringSubmatch(sc.Text()); m != nil {
			c.gtid = m[1]
		}
	}
	return c, sc.Err()
}

// load runs the replica's client on the dump with --force and returns the
// errors it printed.
func load(ctx context.Context, sb *sandbox.Sandbox, bin *sandbox.Binary, loader, path string) ([]string, error) {
	in, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	args := []string{"--force", "--batch"}
	if bin.Flavor.IsMariaDB() {
		args = append(args, "--sandbox") // no \! or file commands from the dump's text
	}
	cmd, err := sb.RootClient(ctx, bin, loader, args...)
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stderr = in, &stderr
	runErr := cmd.Run()
	var errs []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			errs = append(errs, l)
		}
	}
	if runErr != nil && len(errs) == 0 {
		return nil, fmt.Errorf("%s loading the seed: %w", filepath.Base(loader), runErr)
	}
	return errs, ctx.Err()
}
