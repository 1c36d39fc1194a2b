"""Thinking: one Reasoner interface, a chat-model implementation and an offline one."""
