-- An install script that adds its foreign keys with prepared statements,
-- as some installers do to skip a key that already exists.
CREATE TABLE account (id INT NOT NULL PRIMARY KEY, name VARCHAR(40) NOT NULL) ENGINE=InnoDB;
CREATE TABLE invoice (id INT NOT NULL PRIMARY KEY, account_id INT NOT NULL, KEY (account_id)) ENGINE=InnoDB;
CREATE TABLE invoice_line (id INT NOT NULL PRIMARY KEY, invoice_id INT NOT NULL, KEY (invoice_id)) ENGINE=InnoDB;

SET @fk_exists = (SELECT COUNT(*) FROM information_schema.TABLE_CONSTRAINTS
                  WHERE CONSTRAINT_SCHEMA = DATABASE() AND CONSTRAINT_NAME = 'fk_invoice_account');
SET @s = IF(@fk_exists = 0,
  CONCAT('ALTER TABLE invoice ADD CONSTRAINT fk_invoice_account FOREIGN KEY (account_id) REFERENCES account (id)'),
  'SELECT 1');
PREPARE s FROM @s;
EXECUTE s;
DEALLOCATE PREPARE s;

SET @s = CONCAT('ALTER TABLE invoice_line ADD CONSTRAINT fk_line_invoice ',
                'FOREIGN KEY (invoice_id) REFERENCES invoice (id) ON DELETE CASCADE');
PREPARE s FROM @s;
EXECUTE s;
DEALLOCATE PREPARE s;
