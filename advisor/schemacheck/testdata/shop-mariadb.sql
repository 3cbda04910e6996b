-- A small shop's schema as it runs on MariaDB 10.11: an install script with
-- the breakages an upgrade or a move to MySQL 9.7 meets (see
-- job_integration_test.go for what each server must say of each object).
CREATE DATABASE shop;
USE shop;

CREATE TABLE customer (
  id INT AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  `rank` INT,                       -- reserved on MySQL 8.0+
  `vector` INT,                     -- reserved on MariaDB 11.8
  created DATETIME
) DEFAULT CHARSET=utf8;             -- utf8mb3: deprecated on MySQL, a new collation on MariaDB 11.8

CREATE TABLE region (code CHAR(2) NOT NULL, name VARCHAR(40), KEY (code)) ENGINE=InnoDB;

CREATE TABLE address (
  id INT PRIMARY KEY,
  region CHAR(2),
  FOREIGN KEY (region) REFERENCES region (code)   -- a non-unique parent key: MySQL 8.4+ refuses it
) ENGINE=InnoDB;

CREATE TABLE login (
  id INT PRIMARY KEY,
  email VARCHAR(80),
  email_hash CHAR(32) AS (MD5(email)) VIRTUAL     -- MD5() left MySQL's server in 9.x
);

CREATE TABLE measurement (v FLOAT AUTO_INCREMENT PRIMARY KEY);   -- MySQL 8.4+ refuses AUTO_INCREMENT on FLOAT

CREATE TABLE archive (id INT, y INT) ENGINE=MyISAM PARTITION BY HASH (y) PARTITIONS 2;   -- MySQL has no MyISAM partitions

CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, amount DECIMAL(10,2)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE VIEW big_orders AS SELECT o.id, c.name FROM orders o JOIN customer c ON c.id = o.customer_id WHERE o.amount > 100;
CREATE VIEW hashed_names AS SELECT id, MD5(name) AS h FROM customer;

DELIMITER //
CREATE FUNCTION total(cid INT) RETURNS DECIMAL(10,2) READS SQL DATA
BEGIN
  DECLARE t DECIMAL(10,2);
  SELECT SUM(amount) INTO t FROM orders WHERE customer_id = cid;
  RETURN t;
END //
CREATE FUNCTION token(s VARCHAR(80)) RETURNS CHAR(32) DETERMINISTIC
BEGIN
  RETURN MD5(s);
END //
CREATE PROCEDURE add_order(IN i INT, IN c INT)
BEGIN
  INSERT INTO orders (id, customer_id, amount) VALUES (i, c, 0);
END //
CREATE TRIGGER customer_created BEFORE INSERT ON customer FOR EACH ROW
BEGIN
  SET NEW.created = NOW();
END //
DELIMITER ;
CREATE EVENT purge_zero ON SCHEDULE EVERY 1 DAY DO DELETE FROM orders WHERE amount = 0;
