# The shop's rows (schema.sql), the same on every run: awk -f rows.awk.
# 1,000 customers (the first twelve with the names and cities collations
# treat differently), 200 products, 3,000 orders, 200 stock rows; written
# as a dump writes them, multi-row INSERTs of plain values.
function flush(table) { if (n > 0) print "INSERT INTO " table " VALUES " buf ";"; buf = ""; n = 0 }
function add(table, row) { buf = buf (n ? ",\n" : "\n") row; if (++n == 250) flush(table) }
BEGIN {
  print "USE shop;"
  print "SET NAMES utf8mb4;"
  split("Ann|ann|Ánn|José|Jose|Straße|Strasse|Øystein|Oystein|Émile|emile|Zoë", special, "|")
  split("Oslo|Malmö|Malmo|Zürich|Zurich|Bergen|Århus|Aarhus", city, "|")
  split("toys|books|garden|kitchen|tools", category, "|")
  split("new|paid|shipped|returned", status, "|")
  for (i = 1; i <= 1000; i++) {
    name = (i <= 12) ? special[i] : "customer " i
    add("customers", sprintf("(%d,'%s','%s',%d,'20%02d-%02d-%02d')", i, name, city[1 + (i * 7) % 8], i % 3, 20 + i % 6, 1 + i % 12, 1 + i % 28))
  }
  flush("customers")
  for (i = 1; i <= 200; i++)
    add("products", sprintf("(%d,'product %d','%s',%d.%02d,%d.%d)", i, i, category[1 + i % 5], 5 + (i * 37) % 300, (i * 13) % 100, 1 + i % 20, (i * 7) % 10))
  flush("products")
  for (i = 1; i <= 3000; i++)
    add("orders", sprintf("(%d,%d,%d,%d,'2026-%02d-%02d %02d:%02d:00','%s','%s')",
      i, 1 + (i * 31) % 1000, 1 + (i * 17) % 200, 1 + i % 5, 1 + i % 12, 1 + i % 28, i % 24, i % 60,
      status[1 + i % 4], (i % 11 == 0) ? "gift wrap, note " i : "note " i))
  flush("orders")
  for (i = 1; i <= 200; i++) add("stock", sprintf("(%d,%d)", i, (i * 29) % 50))
  flush("stock")
}
