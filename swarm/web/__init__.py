"""Outside sources: safe fetching, Wikipedia, DuckDuckGo, Brave, SearXNG and the search cascade.

Everything this package returns came from the network and is untrusted data.
"""
