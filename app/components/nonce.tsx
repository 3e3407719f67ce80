import { createContext, useContext } from "react";

// The CSP nonce of this response, for the inline scripts React Router writes. Only the server
// render has one; the browser hides nonce values from scripts anyway.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
