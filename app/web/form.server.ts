// Reading a page action's form. A body that is not a form (broken multipart, JSON, a body cut
// off at server.ts's cap) is the client's fault: 400, never the 500 that request.formData()'s
// TypeError would become.
import { data } from "react-router";

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The request body is not a form.", { status: 400 });
  }
}
