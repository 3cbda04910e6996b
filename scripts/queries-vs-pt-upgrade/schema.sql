-- The shop of scripts/queries-vs-pt-upgrade.sh: the application's install
-- script, with no character set or collation of its own, so each server
-- gives the tables its default: latin1_swedish_ci on a MariaDB 10.11
-- sandbox (the server's built-in default; Debian's my.cnf sets utf8mb4),
-- utf8mb4_0900_ai_ci on MySQL 9.7, utf8mb4_uca1400_ai_ci on MariaDB 11.8.
-- rows.awk writes its rows after it.
CREATE DATABASE shop;
USE shop;
CREATE TABLE customers (
  id INT NOT NULL PRIMARY KEY,
  name VARCHAR(60) NOT NULL,
  city VARCHAR(40) NOT NULL,
  tier INT NOT NULL,
  joined DATE NOT NULL,
  KEY city (city)
);
CREATE TABLE products (
  id INT NOT NULL PRIMARY KEY,
  title VARCHAR(80) NOT NULL,
  category VARCHAR(20) NOT NULL,
  price DECIMAL(10,2) NOT NULL,
  weight FLOAT NOT NULL,
  KEY category (category)
);
CREATE TABLE orders (
  id INT NOT NULL PRIMARY KEY,
  customer_id INT NOT NULL,
  product_id INT NOT NULL,
  qty INT NOT NULL,
  placed DATETIME NOT NULL,
  status VARCHAR(10) NOT NULL,
  note VARCHAR(100) NOT NULL,
  KEY customer_id (customer_id),
  KEY product_id (product_id)
);
CREATE TABLE stock (
  product_id INT NOT NULL PRIMARY KEY,
  qty INT NOT NULL
);
