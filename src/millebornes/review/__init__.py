"""Reviews of a deal's decisions: master's judgment of each one as the seat saw the table
(:mod:`.decisions`), and the review jobs both games run in the background (:mod:`.jobs`)."""
