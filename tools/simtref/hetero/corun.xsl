<?xml version="1.0" encoding="UTF-8"?>
<!-- The xslt co-runner's job (simtref hetero, standing in for 483.xalancbmk, itself an XSLT
     processor): a report of the generated catalogue: items grouped by category (Muenchian
     grouping with a key), each group sorted by price, totals, string rewriting, and for
     every item the other items sharing its first tag (key look-ups). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html" indent="no"/>
  <xsl:key name="by-category" match="item" use="@category"/>
  <xsl:key name="by-tag" match="item" use="tags/tag"/>
  <xsl:key name="by-region" match="item" use="@region"/>
  <xsl:variable name="lower" select="'abcdefghijklmnopqrstuvwxyz'"/>
  <xsl:variable name="upper" select="'ABCDEFGHIJKLMNOPQRSTUVWXYZ'"/>

  <xsl:template match="/catalog">
    <html><body>
      <h1>Catalogue: <xsl:value-of select="count(item)"/> items</h1>
      <xsl:for-each select="item[generate-id() = generate-id(key('by-category', @category)[1])]">
        <xsl:sort select="@category"/>
        <xsl:variable name="group" select="key('by-category', @category)"/>
        <h2>
          <xsl:value-of select="@category"/>: <xsl:value-of select="count($group)"/> items,
          quantity <xsl:value-of select="sum($group/qty)"/>,
          mean price <xsl:value-of select="format-number(sum($group/price) div count($group), '0.00')"/>
        </h2>
        <table>
          <xsl:apply-templates select="$group">
            <xsl:sort select="price" data-type="number" order="descending"/>
            <xsl:sort select="name"/>
          </xsl:apply-templates>
        </table>
      </xsl:for-each>
      <h2>Regions</h2>
      <xsl:for-each select="item[generate-id() = generate-id(key('by-region', @region)[1])]">
        <xsl:sort select="@region"/>
        <p><xsl:value-of select="@region"/>: <xsl:value-of select="count(key('by-region', @region))"/></p>
      </xsl:for-each>
    </body></html>
  </xsl:template>

  <xsl:template match="item">
    <tr>
      <td><xsl:value-of select="@id"/></td>
      <td><xsl:value-of select="translate(name, $lower, $upper)"/></td>
      <td><xsl:value-of select="format-number(price * qty, '#,##0.00')"/></td>
      <td><xsl:value-of select="concat(substring(desc, 1, 24), '...', string-length(desc))"/></td>
      <td><xsl:value-of select="count(key('by-tag', tags/tag[1]))"/></td>
      <td>
        <xsl:for-each select="tags/tag">
          <xsl:sort select="."/>
          <xsl:if test="position() &gt; 1">, </xsl:if>
          <xsl:value-of select="substring-before(concat(., 'a'), 'a')"/>
        </xsl:for-each>
      </td>
    </tr>
  </xsl:template>
</xsl:stylesheet>
