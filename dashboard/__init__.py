"""The napkifu Streamlit dashboard (``streamlit run dashboard/app.py``).

Everything that is not Streamlit-specific (loading, filtering, figures, card HTML)
lives in plain modules here so that tests can check it without a browser; the
``views/`` scripts only lay widgets out.
"""
