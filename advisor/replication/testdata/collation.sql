-- The issue's table: 10.11 files it under utf8mb4_general_ci (both rows
-- go in), 11.8 under utf8mb4_uca1400_ai_ci ('strasse' = 'straße').
CREATE DATABASE app;
USE app;
CREATE TABLE t (
  id INT PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  UNIQUE KEY (name)
) DEFAULT CHARSET=utf8mb4;
INSERT INTO t VALUES (1,'strasse');
