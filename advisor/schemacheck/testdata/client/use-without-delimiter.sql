-- A schema file kept in a repository: "use x" lines without a semicolon
-- between the tables. MariaDB's client runs "use shop" as its command;
-- MySQL 9.7's client reads it as the start of the next statement, which
-- the server refuses (1064), and creates the tables after it in the
-- database it was given.
CREATE DATABASE shop;
use shop
CREATE TABLE items (id INT PRIMARY KEY);
CREATE TABLE orders (id INT PRIMARY KEY, item_id INT);
use shop
CREATE TABLE order_lines (id INT PRIMARY KEY);
