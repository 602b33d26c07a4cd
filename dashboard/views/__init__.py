"""The dashboard's pages (run by ``st.navigation``; each reads ``state.context()``)."""
