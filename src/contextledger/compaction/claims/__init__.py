"""Claims, not words: a recap's claims checked against the record, each in the role it says.

``check`` reads a recap unit clause by clause and sends each clause to the check for what it
claims; the other modules hold those checks and what they read (see ``check``'s docstring for
the map). Nothing is imported here, so importing one check does not import them all.
"""
