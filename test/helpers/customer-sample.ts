// The customer object of partners.genstore.ai/docs/api-rest/25 ("About Customer"), as far as
// the page is readable, its values as printed. Two are not valid JSON there (tags and
// subdivisions, a JSON array inside unescaped quotes): they are escaped here, the only change
// (docs/decisions.md "Customers"). Tests feed it to the client as a store would send it.
export const DOCS_CUSTOMER = `{
"lastName": "li",
"addresses": [
{
"zip": "23456",
"firstName": "heihei",
"lastName": "du",
"address2": "上海闵行",
"city": "上海",
"phone": "2345653464",
"address1": "上海嘉定",
"countryCode": "CN",
"provinceCode": "SH",
"company": "公司地址",
"isDefaultAddress": "false",
"id": "879"
}
],
"notes": "this is new customer",
"totalSpent": "13",
"taxExempt": "true",
"taxExemptions": {
"applyToAllRegion": "true",
"taxExemptionRegions": [
{
"country": "US",
"applyToAllSubdivision": "false",
"subdivisions": "[\\"NYC\\"]"
}
]
},
"updateTime": "2024-18-12T08:18:49",
"smsMarketingConsent": {
"state": "SUBSCRIBED",
"consentUpdateTime": "2024-11-12T08:18:49.125"
},
"tags": "[ \\"xinsheng\\", \\"human\\" ]",
"id": "201462124"
}`;
