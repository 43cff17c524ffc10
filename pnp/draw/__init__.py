"""Original vector art (die faces and symbols) drawn in code as SVG."""
