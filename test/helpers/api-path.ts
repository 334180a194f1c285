/** The path every API route starts with (spec: /api/202412/...), for requests straight to a sandbox. */
export const API_PATH = '/api/202412';
