"""A run's whole trace as files: CSV and JSON tables (tables.py) and a pcap of
the simulated segments (pcap.py)."""
