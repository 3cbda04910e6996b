package sqlfile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// tenantsDump is a mysqldump-like file of n tenant schemas: tables with
// the dump's SET lines, rows, a view's stand-in and final view, a trigger
// and a procedure under DELIMITER ;;. Tenant 3 drifts (a column more);
// tenant 4's view reads tenant 1's table (a cross-schema view).
func tenantsDump(n int) string {
	var b strings.Builder
	b.WriteString("-- MySQL dump 10.13  Distrib 9.7.4, for Linux (x86_64)\n--\n-- Server version\t9.7.4-2\n\n" +
		"/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\n/*!50503 SET NAMES utf8mb4 */;\n" +
		"/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;\n\n")
	for i := 1; i <= n; i++ {
		s := fmt.Sprintf("tenant_%04d", i)
		fmt.Fprintf(&b, "--\n-- Current Database: `%s`\n--\n\nCREATE DATABASE /*!32312 IF NOT EXISTS*/ `%s` /*!40100 DEFAULT CHARACTER SET utf8mb4 */;\n\nUSE `%s`;\n\n", s, s, s)
		for t := 1; t <= 3; t++ {
			extra := ""
			if i == 3 && t == 2 {
				extra = "  `rank` int DEFAULT NULL,\n"
			}
			fmt.Fprintf(&b, "DROP TABLE IF EXISTS `t%d`;\n/*!40101 SET @saved_cs_client     = @@character_set_client */;\n/*!50503 SET character_set_client = utf8mb4 */;\n"+
				"CREATE TABLE `t%d` (\n  `id` int NOT NULL AUTO_INCREMENT,\n  `name` varchar(20) DEFAULT 'a;b',\n%s  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n"+
				"/*!40101 SET character_set_client = @saved_cs_client */;\n\nLOCK TABLES `t%d` WRITE;\n/*!40000 ALTER TABLE `t%d` DISABLE KEYS */;\n"+
				"INSERT INTO `t%d` VALUES (1,'x;\\n\\'y'),(2,'z');\n/*!40000 ALTER TABLE `t%d` ENABLE KEYS */;\nUNLOCK TABLES;\n\n", t, t, extra, t, t, t, t)
		}
		b.WriteString("/*!50001 DROP VIEW IF EXISTS `v`*/;\nSET @saved_cs_client     = @@character_set_client;\n/*!50503 SET character_set_client = utf8mb4 */;\n" +
			"/*!50001 CREATE VIEW `v` AS SELECT \n 1 AS `id`*/;\nSET character_set_client = @saved_cs_client;\n\n")
		b.WriteString("/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;\n/*!50003 SET sql_mode              = 'STRICT_TRANS_TABLES' */ ;\nDELIMITER ;;\n" +
			"/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER `tr` BEFORE INSERT ON `t1` FOR EACH ROW BEGIN\n  SET NEW.name = 'n';\nEND */;;\n" +
			"DELIMITER ;\n/*!50003 SET sql_mode              = @saved_sql_mode */ ;\nDELIMITER ;;\nCREATE DEFINER=`root`@`localhost` PROCEDURE `p`()\nBEGIN\n  SELECT 1; SELECT 2;\nEND ;;\nDELIMITER ;\n\n")
	}
	for i := 1; i <= n; i++ {
		s := fmt.Sprintf("tenant_%04d", i)
		from := "`t1`"
		if i == 4 {
			from = "`tenant_0001`.`t1`"
		}
		fmt.Fprintf(&b, "--\n-- Current Database: `%s`\n--\n\nUSE `%s`;\n\n/*!50001 DROP VIEW IF EXISTS `v`*/;\n/*!50001 SET @saved_cs_client          = @@character_set_client */;\n"+
			"/*!50001 CREATE ALGORITHM=UNDEFINED */\n/*!50013 DEFINER=`root`@`localhost` SQL SECURITY DEFINER */\n/*!50001 VIEW `v` AS select `id` AS `id` from %s */;\n"+
			"/*!50001 SET character_set_client      = @saved_cs_client */;\n\n", s, s, from)
	}
	b.WriteString("/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;\n/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;\n\n-- Dump completed\n")
	return b.String()
}

// sameGrouped fails t when ReadGrouped of path differs from the whole
// reading, grouped and cut down.
func sameGrouped(t *testing.T, path string, o ReadOptions) {
	t.Helper()
	whole, wantErr := ReadDumpFile(path, o)
	d, fg, err := ReadGrouped(path, o)
	groups := fg.Groups
	if wantErr != nil || err != nil {
		if wantErr == nil || err == nil || err.Error() != wantErr.Error() {
			t.Fatalf("%s: error %v, want %v", path, err, wantErr)
		}
		return
	}
	wantGroups := GroupSchemas(whole)
	if !reflect.DeepEqual(groups, wantGroups) {
		t.Fatalf("%s: groups\n%v\nwant\n%v", path, groups, wantGroups)
	}
	if fg.Tables != whole.Count(KindTable) {
		t.Fatalf("%s: %d tables, want %d", path, fg.Tables, whole.Count(KindTable))
	}
	want := whole
	if drop := Unloaded(wantGroups); len(drop) > 0 {
		want = whole.Without(drop)
	}
	if !reflect.DeepEqual(d, want) {
		diffDumps(t, path, d, want)
	}
}

// diffDumps names the first field where got and want differ.
func diffDumps(t *testing.T, path string, got, want *Dump) {
	t.Helper()
	for i := range min(len(got.Steps), len(want.Steps)) {
		if !reflect.DeepEqual(got.Steps[i], want.Steps[i]) {
			t.Fatalf("%s: step %d\n%+v\nwant\n%+v", path, i, got.Steps[i], want.Steps[i])
		}
	}
	for i := range min(len(got.Objects), len(want.Objects)) {
		if !reflect.DeepEqual(got.Objects[i], want.Objects[i]) {
			t.Fatalf("%s: object %d\n%+v\nwant\n%+v", path, i, got.Objects[i], want.Objects[i])
		}
	}
	g, w := *got, *want
	g.Steps, w.Steps, g.Objects, w.Objects = nil, nil, nil, nil
	t.Fatalf("%s: dump (%d steps, want %d; %d objects, want %d)\n%+v\nwant\n%+v", path, len(got.Steps), len(want.Steps),
		len(got.Objects), len(want.Objects), g, w)
}

func TestReadGroupedIsTheWholeReading(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"tenants.sql": tenantsDump(6),
		"one.sql":     tenantsDump(1),
		"install.sql": "CREATE SCHEMA a;\nUSE a;\nCREATE TABLE t (x INT);\nINSERT INTO t VALUES (1);\nCREATE SCHEMA b;\nUSE b;\nCREATE TABLE t (x INT);\n" +
			"INSERT INTO t VALUES (1);\nSET @n = 1;\nCREATE SCHEMA c;\nUSE c;\nCREATE TABLE t (x INT, y INT);\nsource other.sql\n",
		"forward.sql": "CREATE SCHEMA a;\nUSE a;\nCREATE TABLE t (x INT, zeta INT);\nSET @v = 'x';\nSET @w = zeta;\n" +
			"CREATE SCHEMA b;\nUSE b;\nCREATE TABLE t (x INT, zeta INT);\nCREATE SCHEMA g;\nUSE g;\nCREATE TABLE t (x INT);\nSET @k = omega2;\n" +
			"CREATE SCHEMA h;\nUSE h;\nCREATE TABLE t (x INT);\nCREATE SCHEMA zeta;\nUSE zeta;\nCREATE TABLE t (x INT, y INT);\n" +
			"CREATE SCHEMA f;\nUSE f;\nSET @u = omega;\nCREATE TABLE t (x INT, zeta INT);\nCREATE SCHEMA omega;\nUSE omega;\nCREATE TABLE t (x INT);\n" +
			"CREATE SCHEMA omega2;\nUSE omega2;\nCREATE VIEW v AS SELECT x FROM h.t JOIN g.t USING (x);\nCREATE SCHEMA i;\nUSE i;\nCREATE TABLE t (x INT);\n",
		"refused.sql": "USE a;\nCREATE TABLE t (x INT);\n\\! ls\n",
		"nul.sql":     "USE a;\nCREATE TABLE t (x INT);\n\x00\n",
		"empty.sql":   "USE a;\n",
	}
	var paths []string
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, glob := range []string{"testdata/*.sql", "../advisor/schemacheck/testdata/*.sql", "../advisor/schemacheck/testdata/client/*.sql"} {
		m, _ := filepath.Glob(glob)
		paths = append(paths, m...)
	}
	mysql80, err := flavor.Identify("8.0.36", "")
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int) { streamChunk = n }(streamChunk)
	for _, chunk := range []int{1, 100, 1 << 20} {
		streamChunk = chunk
		for _, p := range paths {
			for _, o := range []ReadOptions{{}, {WithData: true}, {Writer: mysql80}} {
				sameGrouped(t, p, o)
			}
		}
	}
}

// TestReadGroupedGroups: the drifted tenant and the two of the
// cross-schema view are groups of their own.
func TestReadGroupedGroups(t *testing.T) {
	p := filepath.Join(t.TempDir(), "d.sql")
	if err := os.WriteFile(p, []byte(tenantsDump(6)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fg, err := ReadGrouped(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range fg.Groups {
		got = append(got, strings.Join(g.Schemas, " "))
	}
	if want := []string{"tenant_0001", "tenant_0002 tenant_0005 tenant_0006", "tenant_0003", "tenant_0004"}; !reflect.DeepEqual(got, want) {
		t.Errorf("groups %q, want %q", got, want)
	}
}

// FuzzReadGrouped: ReadGrouped of any file, read in small chunks, is the
// whole reading, grouped and cut down.
func FuzzReadGrouped(f *testing.F) {
	for _, c := range streamCases {
		f.Add(c, uint8(3))
	}
	f.Add(tenantsDump(3), uint8(40))
	f.Add("CREATE SCHEMA a;\nUSE a;\nCREATE TABLE t (x INT, b INT);\nSET @v = b;\nUSE b;\nCREATE TABLE t (x INT, b INT);\nUSE c;\nCREATE TABLE t (x INT, c INT);\nSET @w = 1;\n", uint8(1))
	p := filepath.Join(f.TempDir(), "f.sql")
	f.Fuzz(func(t *testing.T, src string, chunk uint8) {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		defer func(n int) { streamChunk = n }(streamChunk)
		streamChunk = 1 + int(chunk)%64
		sameGrouped(t, p, ReadOptions{})
	})
}
