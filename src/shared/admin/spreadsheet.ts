/** The media type of the back office's .xlsx downloads and uploads (declared answers and the server's files). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
