-- A veterinary clinic's schema, written for the sqlfile tests: eleven
-- tables with what real dumps carry (foreign keys, a partitioned table, a
-- MyISAM table with a FULLTEXT key, comments holding ; '' -- and quotes,
-- ENUM, SET, CHECK, BLOB, a binary collation), a few rows, a view,
-- triggers, a procedure and a function. regenerate.sh loads it into a
-- MySQL 9.7 server and writes vetclinic-dump.sql with the real mysqldump.
CREATE DATABASE vetclinic CHARACTER SET utf8mb4;
USE vetclinic;

CREATE TABLE species (
  species_id tinyint unsigned NOT NULL AUTO_INCREMENT,
  name varchar(30) NOT NULL,
  PRIMARY KEY (species_id),
  UNIQUE KEY uk_species_name (name)
) ENGINE=InnoDB;

CREATE TABLE breed (
  breed_id smallint unsigned NOT NULL AUTO_INCREMENT,
  species_id tinyint unsigned NOT NULL,
  name varchar(40) NOT NULL,
  PRIMARY KEY (breed_id),
  KEY idx_breed_species (species_id),
  CONSTRAINT fk_breed_species FOREIGN KEY (species_id) REFERENCES species (species_id) ON DELETE RESTRICT ON UPDATE CASCADE
) ENGINE=InnoDB;

CREATE TABLE clinic (
  clinic_id tinyint unsigned NOT NULL AUTO_INCREMENT,
  name varchar(60) NOT NULL,
  street varchar(80) NOT NULL COMMENT 'street; as the owner''s letters -- or "post" -- show it',
  opened date NOT NULL,
  PRIMARY KEY (clinic_id)
) ENGINE=InnoDB;

CREATE TABLE owner (
  owner_id int unsigned NOT NULL AUTO_INCREMENT,
  clinic_id tinyint unsigned NOT NULL,
  full_name varchar(80) NOT NULL,
  email varchar(80) DEFAULT NULL,
  created timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (owner_id),
  KEY idx_owner_clinic (clinic_id),
  KEY idx_owner_name (full_name),
  CONSTRAINT fk_owner_clinic FOREIGN KEY (clinic_id) REFERENCES clinic (clinic_id)
) ENGINE=InnoDB;

CREATE TABLE pet (
  pet_id int unsigned NOT NULL AUTO_INCREMENT,
  owner_id int unsigned NOT NULL,
  breed_id smallint unsigned DEFAULT NULL,
  name varchar(40) NOT NULL,
  born date DEFAULT NULL,
  sex enum('female','male','unknown') NOT NULL DEFAULT 'unknown',
  weight_kg decimal(5,2) DEFAULT NULL,
  PRIMARY KEY (pet_id),
  KEY idx_pet_owner (owner_id),
  KEY idx_pet_breed (breed_id),
  CONSTRAINT fk_pet_owner FOREIGN KEY (owner_id) REFERENCES owner (owner_id) ON DELETE CASCADE,
  CONSTRAINT fk_pet_breed FOREIGN KEY (breed_id) REFERENCES breed (breed_id) ON DELETE SET NULL,
  CONSTRAINT chk_pet_weight CHECK (weight_kg > 0)
) ENGINE=InnoDB;

CREATE TABLE vet (
  vet_id tinyint unsigned NOT NULL AUTO_INCREMENT,
  full_name varchar(80) NOT NULL,
  licence varchar(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  photo blob,
  active tinyint(1) NOT NULL DEFAULT '1',
  PRIMARY KEY (vet_id),
  UNIQUE KEY uk_vet_licence (licence)
) ENGINE=InnoDB COMMENT='vets; \'locums\' included';

CREATE TABLE appointment (
  appointment_id int unsigned NOT NULL AUTO_INCREMENT,
  pet_id int unsigned NOT NULL,
  vet_id tinyint unsigned NOT NULL,
  starts datetime NOT NULL,
  reason set('checkup','vaccination','surgery','dental') NOT NULL DEFAULT 'checkup',
  updated timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (appointment_id),
  KEY idx_appointment_pet (pet_id),
  KEY idx_appointment_vet_starts (vet_id, starts),
  CONSTRAINT fk_appointment_pet FOREIGN KEY (pet_id) REFERENCES pet (pet_id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT fk_appointment_vet FOREIGN KEY (vet_id) REFERENCES vet (vet_id)
) ENGINE=InnoDB;

CREATE TABLE medication (
  medication_id smallint unsigned NOT NULL AUTO_INCREMENT,
  name varchar(60) NOT NULL,
  unit_price decimal(7,2) NOT NULL DEFAULT '0.00',
  controlled tinyint(1) NOT NULL DEFAULT '0',
  PRIMARY KEY (medication_id),
  CONSTRAINT chk_medication_price CHECK (unit_price >= 0)
) ENGINE=InnoDB;

CREATE TABLE prescription (
  appointment_id int unsigned NOT NULL,
  medication_id smallint unsigned NOT NULL,
  doses smallint unsigned NOT NULL DEFAULT '1',
  PRIMARY KEY (appointment_id, medication_id),
  KEY idx_prescription_medication (medication_id),
  CONSTRAINT fk_prescription_appointment FOREIGN KEY (appointment_id) REFERENCES appointment (appointment_id) ON DELETE CASCADE,
  CONSTRAINT fk_prescription_medication FOREIGN KEY (medication_id) REFERENCES medication (medication_id)
) ENGINE=InnoDB;

CREATE TABLE invoice (
  invoice_id int unsigned NOT NULL AUTO_INCREMENT,
  owner_id int unsigned NOT NULL,
  total decimal(9,2) NOT NULL,
  issued_on date NOT NULL,
  PRIMARY KEY (invoice_id, issued_on),
  KEY idx_invoice_owner (owner_id)
) ENGINE=InnoDB
PARTITION BY RANGE (YEAR(issued_on))
(PARTITION p2025 VALUES LESS THAN (2026),
 PARTITION pmax VALUES LESS THAN MAXVALUE);

CREATE TABLE note_search (
  appointment_id int unsigned NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (appointment_id),
  FULLTEXT KEY ft_note_body (body)
) ENGINE=MyISAM COMMENT='search copy; kept in sync by the ''appointment'' triggers';

INSERT INTO species (name) VALUES ('dog'), ('cat'), ('rabbit');
INSERT INTO breed (species_id, name) VALUES (1, 'beagle'), (1, 'collie'), (2, 'siamese');
INSERT INTO clinic (name, street, opened) VALUES ('North', '1 Elm Road; back door', '2019-04-01');
INSERT INTO owner (clinic_id, full_name, email, created) VALUES
  (1, 'Ada Quill', 'ada@example.org', '2025-01-02 10:00:00'),
  (1, 'Bo O''Neill', NULL, '2025-02-03 11:30:00');
INSERT INTO pet (owner_id, breed_id, name, born, sex, weight_kg) VALUES
  (1, 1, 'Pip', '2021-05-06', 'male', 11.40), (2, 3, 'Miso', '2020-09-10', 'female', 4.05);
INSERT INTO vet (full_name, licence) VALUES ('Dr Lind', 'VL-0042');
INSERT INTO medication (name, unit_price, controlled) VALUES ('Amoxicillin 250 mg', 0.85, 0), ('Ketamine 10 ml', 12.50, 1);
INSERT INTO appointment (pet_id, vet_id, starts, reason, updated) VALUES
  (1, 1, '2025-11-03 09:00:00', 'checkup,vaccination', '2025-11-03 09:40:00'),
  (2, 1, '2026-01-14 15:30:00', 'dental', '2026-01-14 16:10:00');
INSERT INTO prescription VALUES (1, 1, 14), (2, 2, 1);
INSERT INTO invoice (owner_id, total, issued_on) VALUES (1, 48.90, '2025-11-03'), (2, 95.00, '2026-01-14');
INSERT INTO note_search VALUES (1, 'Healthy; booster given'), (2, 'Scale and polish; \'bit nervous\'');

CREATE VIEW upcoming_appointment AS
  SELECT a.appointment_id, p.name AS pet, o.full_name AS owner, a.starts
  FROM appointment a JOIN pet p ON p.pet_id = a.pet_id JOIN owner o ON o.owner_id = p.owner_id
  WHERE a.starts >= '2026-01-01';

DELIMITER //
CREATE TRIGGER appointment_note_ai AFTER INSERT ON appointment FOR EACH ROW
BEGIN
  INSERT INTO note_search (appointment_id, body) VALUES (NEW.appointment_id, CONCAT('booked: ', NEW.reason));
END//
CREATE TRIGGER appointment_note_ad AFTER DELETE ON appointment FOR EACH ROW
  DELETE FROM note_search WHERE appointment_id = OLD.appointment_id//
CREATE PROCEDURE pets_of(IN who int unsigned)
BEGIN
  SELECT pet_id, name FROM pet WHERE owner_id = who ORDER BY name;
END//
CREATE FUNCTION invoice_total(who int unsigned) RETURNS decimal(11,2)
  READS SQL DATA
BEGIN
  DECLARE t decimal(11,2);
  SELECT COALESCE(SUM(total), 0) INTO t FROM invoice WHERE owner_id = who;
  RETURN t;
END//
DELIMITER ;
