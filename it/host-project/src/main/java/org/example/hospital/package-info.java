/** A hospital application that embeds Keel: the host check of the Keel build. */
package org.example.hospital;
