-- An install script in the style many packages ship: under DELIMITER, a
-- routine's DROP ... IF EXISTS and its CREATE in one client statement,
-- which the client sends as one text that the server runs as two.
CREATE TABLE session_log (
  id INT PRIMARY KEY,
  username VARCHAR(64) NOT NULL,
  stopped DATETIME NULL
);

DELIMITER $$
DROP PROCEDURE IF EXISTS close_sessions;
CREATE PROCEDURE close_sessions(IN p_user VARCHAR(64))
BEGIN
  DECLARE n INT DEFAULT 0;
  SELECT COUNT(*) INTO n FROM session_log WHERE username = p_user;
  IF n > 0 THEN
    UPDATE session_log SET stopped = NOW() WHERE username = p_user AND stopped IS NULL;
  END IF;
END$$

DROP FUNCTION IF EXISTS clamp; CREATE FUNCTION clamp(a INT) RETURNS INT DETERMINISTIC RETURN IF(a > 0, a, 0)$$

DROP TRIGGER IF EXISTS session_log_bi$$
CREATE TRIGGER session_log_bi BEFORE INSERT ON session_log FOR EACH ROW
BEGIN
  IF NEW.username = '' THEN
    SET NEW.username = 'anonymous';
  END IF;
END$$

SELECT 1;
CREATE TABLE broken_after (a INT,)$$
DELIMITER ;
