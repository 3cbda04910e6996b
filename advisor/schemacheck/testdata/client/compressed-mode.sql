-- A file that sets its own sql_mode, as VoIP capture schemas do, with a
-- compressed table (it needs a file of its own: innodb_file_per_table), a
-- zero-date default (refused under a sql_mode with NO_ZERO_DATE) and a
-- plain table. Under the server's default sql_mode the compressed table
-- takes an ALTER TABLE; the zero-date one does not where the default has
-- NO_ZERO_DATE (MySQL), and does where it has not (MariaDB).
SET sql_mode = 'NO_ENGINE_SUBSTITUTION';
CREATE TABLE capture (id INT NOT NULL PRIMARY KEY, caller VARCHAR(64) NOT NULL DEFAULT '',
  payload VARBINARY(2000)) ENGINE=InnoDB ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8;
CREATE TABLE legacy_log (id INT NOT NULL PRIMARY KEY,
  created DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00') ENGINE=InnoDB;
CREATE TABLE plain (id INT NOT NULL PRIMARY KEY, name VARCHAR(20)) ENGINE=InnoDB;
