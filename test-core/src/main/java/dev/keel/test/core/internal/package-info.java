/** The test kit's implementation details: the wire formats of the chat APIs the loopback server speaks. */
package dev.keel.test.core.internal;
