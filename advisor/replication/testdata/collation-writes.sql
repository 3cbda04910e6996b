INSERT INTO t VALUES (2,'straße');
