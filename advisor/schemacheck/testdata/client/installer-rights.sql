-- An installer's script, run by an administrator: it sets session
-- variables that need a right. MySQL 8.0.14+ lets the application's
-- account set them in its own session (SESSION_VARIABLES_ADMIN); MariaDB
-- asks BINLOG ADMIN for sql_log_bin, a right that also purges the binary
-- log, which the account lacks on purpose.
SET SESSION sql_log_bin = 0;
SET SESSION innodb_strict_mode = 0;
CREATE TABLE item (id INT NOT NULL PRIMARY KEY, name VARCHAR(20)) ENGINE=InnoDB;
SET SESSION innodb_strict_mode = 1;
SET SESSION sql_log_bin = 1;
