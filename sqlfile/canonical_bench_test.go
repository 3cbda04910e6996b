package sqlfile

import "testing"

// BenchmarkCanonical is the guard's added cost per statement of a
// calibration: the canonical text of a dump's CREATE TABLE.
func BenchmarkCanonical(b *testing.B) {
	const ddl = "CREATE TABLE `orders` (\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  `customer_id` int(11) NOT NULL,\n" +
		"  `note` varchar(200) DEFAULT 'n/a' COMMENT 'free text, it''s \\\\ here',\n  PRIMARY KEY (`id`),\n  KEY `c` (`customer_id`)\n" +
		") ENGINE=InnoDB /*!50100 DEFAULT CHARSET=utf8mb4 */ COMMENT='orders'"
	for b.Loop() {
		if _, err := Canonical(ddl, mysql97); err != nil {
			b.Fatal(err)
		}
	}
}
