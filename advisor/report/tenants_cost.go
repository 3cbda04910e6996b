package report

// TenantsCost is, for a --ddl-file of tenant schemas calibrated with one
// of them (the others' lines set aside), how many schemas share the
// calibrated tables and how many statements one of them runs; each
// measured variant's AllSchemasS is then what all of them cost.
type TenantsCost struct {
	Schemas    int `json:"schemas"`
	Statements int `json:"statements"`
}
