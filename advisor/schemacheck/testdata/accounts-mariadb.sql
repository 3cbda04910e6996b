-- The accounts of a MariaDB 10.11 server an application runs with, for a
-- dump that holds them (--all-databases: mysql.global_priv's rows).
CREATE USER 'legacy'@'%' IDENTIFIED VIA mysql_native_password USING PASSWORD('legacy-secret');  -- MySQL 9.x has no such plugin
CREATE USER 'sock'@'localhost' IDENTIFIED VIA unix_socket;                                         -- MariaDB's own plugin
CREATE USER 'gone'@'%' IDENTIFIED BY 'gone-secret' ACCOUNT LOCK;                                   -- locked: cannot log in anyway
CREATE ROLE reporting;                                                                               -- a role: no login
