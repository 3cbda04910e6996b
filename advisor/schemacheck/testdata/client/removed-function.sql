-- An installer that inserts its admin account with PASSWORD(), which MySQL
-- removed in 8.0.11: MariaDB still has it.
CREATE TABLE admin_user (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, login VARCHAR(32) NOT NULL UNIQUE,
  pass CHAR(41) NOT NULL, active TINYINT NOT NULL DEFAULT 1);
INSERT INTO admin_user (login, pass) VALUES ('admin', PASSWORD('change-me'));
UPDATE admin_user SET active = 1 WHERE login = 'admin';
SELECT COUNT(*) FROM admin_user;
