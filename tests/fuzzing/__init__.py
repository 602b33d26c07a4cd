"""Test helpers of the acceptance and fuzz suites: the round builder that turns a
seed's worked example into a full legal record, the fault mutators, and the
Hypothesis strategies that generate and mangle records."""
