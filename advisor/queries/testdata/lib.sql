-- A small library: one schema, lib, and its books. An install script that
-- creates its schema, as applications ship them; the statements run in it
-- name its tables unqualified (lib-statements.sql has no USE).
CREATE DATABASE lib CHARACTER SET utf8mb4;
USE lib;
CREATE TABLE book (
  id INT PRIMARY KEY,
  title VARCHAR(100) NOT NULL,
  author VARCHAR(100) NOT NULL,
  published INT NOT NULL,
  KEY author (author)
) ENGINE=InnoDB;
INSERT INTO book VALUES
  (1, 'Dune', 'Herbert', 1965), (2, 'Emma', 'Austen', 1815), (3, 'Persuasion', 'Austen', 1817),
  (4, 'Ubik', 'Dick', 1969), (5, 'Valis', 'Dick', 1981), (6, 'Mansfield Park', 'Austen', 1814),
  (7, 'Children of Dune', 'Herbert', 1976), (8, 'Solaris', 'Lem', 1961);
