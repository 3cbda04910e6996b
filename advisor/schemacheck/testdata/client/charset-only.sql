-- Tables that state a character set and no collation: the server picks the
-- collation, and MariaDB 11.x picks another one than 10.x did.
CREATE TABLE customer (id INT NOT NULL PRIMARY KEY, name VARCHAR(80) NOT NULL) DEFAULT CHARSET=utf8mb4;
CREATE TABLE tag (id INT NOT NULL PRIMARY KEY, label VARCHAR(40) CHARACTER SET utf8mb3 NOT NULL) DEFAULT CHARSET=latin1;
CREATE TABLE plain (id INT NOT NULL PRIMARY KEY, label VARCHAR(40) NOT NULL) DEFAULT CHARSET=latin1 COLLATE=latin1_bin;
