-- An install script that creates its own schemas and names every table by
-- schema, with no USE before its last part: it is run as "mysql < file",
-- with no database. The INSERT before any USE has no database (1046).
INSERT INTO rollups VALUES (1);
CREATE DATABASE IF NOT EXISTS metrics;
CREATE TABLE metrics.samples (id INT PRIMARY KEY, b TEXT);
TRUNCATE TABLE metrics.samples;
ALTER TABLE metrics.samples MODIFY b BLOB;
CREATE DATABASE IF NOT EXISTS ops;
CREATE TABLE ops.hosts (id INT PRIMARY KEY);
CREATE DATABASE bonus;
use bonus;
CREATE TABLE placeholder (id int NOT NULL PRIMARY KEY);
