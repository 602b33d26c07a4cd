"""Double-dummy analysis: the par of a deal and the cost of every card played.

``engine`` is the bridge to the Rust solver, ``moves`` plays cards by the Python
engine's rules, ``rounds`` analyses a judged round. Double-dummy means every hand
seen: the cost of a card is judged as if its player saw all the cards.
"""
