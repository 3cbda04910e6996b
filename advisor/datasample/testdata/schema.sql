-- The sampled application's schema: loads on MariaDB 10.11 and 11.8 and
-- MySQL 9.7 alike. Every family of column type, generated and invisible
-- columns, a foreign key, a table without a primary key, a MyISAM table,
-- an empty table and a view.
CREATE DATABASE sampled;
USE sampled;

CREATE TABLE parents (
  id INT NOT NULL PRIMARY KEY,
  name VARCHAR(40) CHARACTER SET latin1 COLLATE latin1_swedish_ci NOT NULL,
  note TEXT CHARACTER SET utf8mb4,
  flags BIT(10),
  price DECIMAL(14,4),
  ratio DOUBLE,
  weight FLOAT,
  doc JSON,
  made DATE,
  at DATETIME(6),
  seen TIMESTAMP(3) NULL DEFAULT NULL,
  span TIME,
  yr YEAR,
  kind ENUM('small', 'large', 'odd'),
  tags SET('red', 'green', 'blue'),
  raw VARBINARY(16),
  body BLOB,
  fixed BINARY(4),
  big BIGINT UNSIGNED,
  tiny TINYINT,
  secret INT INVISIBLE,
  name_len INT AS (CHAR_LENGTH(name)) VIRTUAL,
  price2 DECIMAL(16,4) AS (price * 2) STORED
) ENGINE=InnoDB;

CREATE TABLE children (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  parent_id INT NOT NULL,
  qty INT NOT NULL,
  label VARCHAR(20),
  CONSTRAINT children_parent FOREIGN KEY (parent_id) REFERENCES parents (id)
) ENGINE=InnoDB;

CREATE TABLE readings (
  sensor VARCHAR(10) NOT NULL,
  value DOUBLE
) ENGINE=InnoDB;

CREATE TABLE counters (
  name VARCHAR(20) NOT NULL PRIMARY KEY,
  hits INT
) ENGINE=MyISAM;

CREATE TABLE nothing_yet (id INT PRIMARY KEY) ENGINE=InnoDB;

CREATE VIEW big_parents AS SELECT id, name FROM parents WHERE price > 100;
