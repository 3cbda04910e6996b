package schemacheck

import "strings"

// errorFixes are the known fixes for errors a target gives on a definition,
// by the server's error code. Codes are MySQL's and MariaDB's own
// (include/mysqld_error.h); only codes whose meaning is one thing are here.
var errorFixes = map[uint16]string{
	1231: "create it with an sql_mode the target accepts",
	1286: "the storage engine is not available on the target: use ENGINE=InnoDB",
	1064: "the target's grammar refuses the definition: a name may have become reserved (quote it with backticks) or a clause was removed",
	1273: "the collation does not exist on the target: use one the target has (SHOW COLLATION)",
	1115: "the character set does not exist on the target: use utf8mb4",
	1305: "a function or procedure it calls does not exist on the target: create it first or replace the call",
	1063: "AUTO_INCREMENT is not allowed on this column type on the target: use an integer type",
	6125: "the referenced columns need a UNIQUE or PRIMARY KEY on the target: add a unique key on them, or set restrict_fk_on_non_standard_key=OFF",
	1178: "the storage engine does not support partitioning on the target: use ENGINE=InnoDB for partitioned tables",
	1497: "the partitioning clause is not valid on the target",
	3750: "the table needs a primary key on the target (sql_require_primary_key): add one",
	1449: "the definer account does not exist on the target: create it, or re-create the object with an existing DEFINER",
	1901: "a function in the generated column's expression is not allowed on the target",
	3102: "a function in the generated column's expression is not allowed on the target",
	3763: "a function in the generated column's expression is not available on the target: replace it, or compute the column in the application",
	1582: "the function is called with the wrong number of arguments on the target",
}

// fixForError returns the known fix for a server error, or "": for a
// missing function, the function's own replacement where one is known.
func fixForError(code uint16, msg string) string {
	if code == 1305 && strings.HasPrefix(msg, "FUNCTION ") {
		name := strings.Fields(msg)[1]
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		return functionFix(name)
	}
	return errorFixes[code]
}

// warningFixes are fixes for warnings at creation, by code.
var warningFixes = map[int]string{
	1287: "the target deprecates what it names: use the replacement the message gives",
	1681: "the target deprecates the integer display width: drop it (INT rather than INT(11))",
	1449: "the definer account does not exist on the target: create it before the objects",
	3719: "utf8 is an alias of utf8mb3, which is deprecated: use utf8mb4",
	3778: "the collation is deprecated: use a utf8mb4 one",
	1266: "the storage engine is not available: the table was created with the default engine; install the engine or change ENGINE=",
}

func fixForWarning(code int, _ string) string { return warningFixes[code] }

// functionReplacements are replacements of functions servers removed: the
// MySQL 8.0 reference manual ("Features Removed in MySQL 8.0"; MariaDB
// keeps most of them), and what the real MySQL 9.7.4 answered. They only
// word the fix: whether a function is missing is always asked of the target.
var functionReplacements = map[string]string{
	"password":      "none: set passwords with ALTER USER ... IDENTIFIED BY",
	"md5":           "SHA2(..., 256) (asked of the real MySQL 9.7.4: its server has no MD5())",
	"sha1":          "SHA2(..., 256) (asked of the real MySQL 9.7.4: its server has no SHA1())",
	"encrypt":       "SHA2()",
	"des_encrypt":   "AES_ENCRYPT()",
	"des_decrypt":   "AES_DECRYPT()",
	"encode":        "AES_ENCRYPT()",
	"decode":        "AES_DECRYPT()",
	"json_append":   "JSON_ARRAY_APPEND()",
	"json_merge":    "JSON_MERGE_PRESERVE()",
	"glength":       "ST_Length()",
	"area":          "ST_Area()",
	"astext":        "ST_AsText()",
	"geomfromtext":  "ST_GeomFromText()",
	"pointfromtext": "ST_PointFromText()",
	"x":             "ST_X()",
	"y":             "ST_Y()",
	"distance":      "ST_Distance()",
	"contains":      "MBRContains()",
	"within":        "MBRWithin()",
}

// functionFix is the fix for a call to a function the target lacks.
func functionFix(name string) string {
	if r, ok := functionReplacements[strings.ToLower(name)]; ok {
		return "replace " + name + "() with " + r
	}
	return "the target has no function " + name + "(): replace the call, or create a stored function of that name"
}
