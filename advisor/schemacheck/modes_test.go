package schemacheck

import "testing"

func TestTemporaryForm(t *testing.T) {
	cases := []struct {
		what, name, create, want string
		ok                       bool
	}{
		{"foreign keys dropped, the rest kept", "t",
			"CREATE TABLE `t` (\n  `id` int NOT NULL,\n  `p` int DEFAULT NULL,\n  `d` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n" +
				"  PRIMARY KEY (`id`),\n  KEY `c_t` (`p`),\n  CONSTRAINT `c_t` FOREIGN KEY (`p`) REFERENCES `u` (`id`) ON DELETE SET NULL,\n" +
				"  CONSTRAINT `ck` CHECK ((`p` > 0))\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
			"CREATE TEMPORARY TABLE `tmp` (\n  `id` int NOT NULL,\n  `p` int DEFAULT NULL,\n  `d` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n" +
				"  PRIMARY KEY (`id`),\n  KEY `c_t` (`p`),\n  CONSTRAINT `ck` CHECK ((`p` > 0))\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4", true},
		{"the last element a foreign key; partitions after the list", "odd`name",
			"CREATE TABLE `odd``name` (\n  `a` int,\n  CONSTRAINT `x``y` FOREIGN KEY (`a`) REFERENCES `v` (`a`)\n) ENGINE=InnoDB\n/*!50100 PARTITION BY HASH (`a`) */",
			"CREATE TEMPORARY TABLE `tmp` (\n  `a` int\n) ENGINE=InnoDB\n/*!50100 PARTITION BY HASH (`a`) */", true},
		{"a comment that reads like a foreign key stays", "t",
			"CREATE TABLE `t` (\n  `a` int COMMENT '  CONSTRAINT `x` FOREIGN KEY ('\n) ENGINE=InnoDB",
			"CREATE TEMPORARY TABLE `tmp` (\n  `a` int COMMENT '  CONSTRAINT `x` FOREIGN KEY ('\n) ENGINE=InnoDB", true},
		{"another table's text", "t", "CREATE TABLE `u` (\n  `a` int\n) ENGINE=InnoDB", "", false},
		{"not one element a line", "t", "CREATE TABLE `t` (`a` int) ENGINE=InnoDB", "", false},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			got, ok := temporaryForm(c.create, c.name, "`tmp`")
			if got != c.want || ok != c.ok {
				t.Errorf("temporaryForm\n got %q, %v\nwant %q, %v", got, ok, c.want, c.ok)
			}
		})
	}
}
