-- A small shop's schema as it runs on MySQL 9.7: an install script with what
-- a move to MariaDB 11.8 meets (see job_integration_test.go).
CREATE DATABASE shop DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci;
USE shop;

CREATE TABLE customer (
  id INT AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  `vector` INT,                              -- reserved on MariaDB 11.8
  profile JSON,                              -- a LONGTEXT with a check on MariaDB
  note VARCHAR(20) INVISIBLE,
  INDEX name_lower ((LOWER(name)))           -- a functional key part: MariaDB has none
) ENGINE=InnoDB;

CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, amount DECIMAL(10,2),
  FOREIGN KEY (customer_id) REFERENCES customer (id)) ENGINE=InnoDB;

CREATE VIEW big_orders AS SELECT o.id, c.name FROM orders o JOIN customer c ON c.id = o.customer_id WHERE o.amount > 100;

DELIMITER $$
CREATE FUNCTION total(cid INT) RETURNS DECIMAL(10,2) READS SQL DATA
BEGIN
  DECLARE t DECIMAL(10,2);
  SELECT SUM(amount) INTO t FROM orders WHERE customer_id = cid;
  RETURN t;
END $$
CREATE FUNCTION spread(a JSON) RETURNS JSON DETERMINISTIC
BEGIN
  RETURN JSON_SCHEMA_VALID('{"type":"object"}', a);
END $$
DELIMITER ;
